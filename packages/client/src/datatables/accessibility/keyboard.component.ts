import type { Api } from 'datatables.net';
import type { EnvelopeCounts } from '../transport/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import { installColumnControlNames } from './column-control-names.component.js';
import { installPopoverFocus } from './popover-focus.component.js';
import { installTableAnnouncer } from './table-announcer.component.js';

/** Keyboard use of a table's extensions, and the live region that announces its changes. */
export function installKeyboardSupport(
  api: Api,
  counts: () => EnvelopeCounts | null,
  texts: () => Readonly<DataTableTexts>,
): void {
  installTableAnnouncer(api, counts, texts);
  // The buttons, the header's menus and the container are there once the table is initialised.
  api.one('init', () => {
    installPopoverFocus(api);
    installColumnControlNames(api, () => texts().columnMenu);
  });
}
