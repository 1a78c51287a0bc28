export { FieldAddButtons, fieldsWithoutHelp } from './field-add-buttons.component.js';
export { FieldHelpIcons, findLabelledFields, type LabelledField } from './field-help-icons.component.js';
