export { installExtensionMarkup } from './extension-markup.component.js';
export { installKeyboardSupport } from './keyboard.component.js';
