export { SPANISH } from './spanish.texts.js';
