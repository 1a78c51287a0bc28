import { escapeHtml } from '#rules/html-escape.js';

export interface MenuLinkMarkup {
  href: string;
  title: string;
  icon: string;
  onlyIcon: boolean;
}

/** A plain menu item: a link with its icon and, unless `onlyIcon`, its title as text. */
export function renderMenuLink(link: MenuLinkMarkup): string {
  const label = escapeHtml(link.title.trim() || link.href);
  const icon = link.icon.trim() ? `<span class="${escapeHtml(link.icon)}" aria-hidden="true"></span>` : '';
  const text = link.onlyIcon ? '' : `<span class="widgetlib-menu-label">${escapeHtml(link.title)}</span>`;
  const accessibleName = link.onlyIcon ? ` aria-label="${label}" title="${label}"` : '';
  return `<a class="widgetlib-menu-link" href="${escapeHtml(link.href)}"${accessibleName}>${icon}${text}</a>`;
}
