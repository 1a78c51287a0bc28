import type { DataTableTexts } from '../../texts/index.js';
import { dropRole, nameControl, setAttributes } from './markup-attributes.writer.js';

/**
 * SearchBuilder's markup under `root` made accessible: its container is no `menu` (Buttons' popover
 * marks it so), each condition's column, condition and value controls are named, and the condition
 * select's `autocomplete="hacking"` (SearchBuilder's way to keep browsers' autofill away) becomes the
 * valid `off`.
 */
export function writeSearchBuilderMarkup(root: ParentNode, texts: DataTableTexts): void {
  for (const builder of root.querySelectorAll('.dtsb-searchBuilder')) dropRole(builder, 'menu');
  for (const criterion of root.querySelectorAll('.dtsb-criteria')) {
    for (const data of criterion.querySelectorAll(':scope > .dtsb-data')) nameControl(data, texts.searchBuilderColumn);
    for (const condition of criterion.querySelectorAll(':scope > .dtsb-condition')) {
      nameControl(condition, texts.searchBuilderCondition);
      if (condition.hasAttribute('autocomplete')) setAttributes(condition, { autocomplete: 'off' });
    }
    const values = criterion.querySelectorAll('.dtsb-value');
    values.forEach((value, index) =>
      nameControl(value, index === 0 ? texts.searchBuilderValue : texts.searchBuilderSecondValue),
    );
  }
}
