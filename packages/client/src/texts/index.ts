export { dataTableTexts, type DataTableTexts, resetDataTableTexts, setDataTableTexts } from './datatables.texts.js';
