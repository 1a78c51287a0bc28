export { installExtensionMarkup } from './extension-markup.component.js';
