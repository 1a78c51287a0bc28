export {
  DEFAULT_DATE_FORMAT,
  DEFAULT_DATETIME_FORMAT,
  documentDateFormat,
  documentDatetimeFormat,
  formatIsoDate,
  renderDate,
  renderDatetime,
} from './date.renderers.js';
export { htmlPreviewRenderer, htmlToPlainText } from './html-preview.renderers.js';
export { downloadlink, objshowlink, showlink, type LinkObject } from './link.renderers.js';
export { OBJNODE_TAGS, isAllowedObjNodeTag, objnode, type ObjNode } from './objnode.renderers.js';
export type { RenderFunction, RenderMeta } from './render.types.js';
export {
  emptyprint,
  gt_print_list_object,
  objShowBool,
  renderText,
  selectobjprint,
  truncateTextRenderer,
  yesnoprint,
} from './value.renderers.js';
