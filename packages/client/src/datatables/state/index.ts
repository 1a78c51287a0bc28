export {
  installTableState,
  tableStateOf,
  type FilterRowHandle,
  type TableStateComponent,
} from './table-state.component.js';
export {
  conditionText,
  showConditions,
  type ConditionTexts,
  type ExtraCondition,
  type ShownConditions,
  type StateColumn,
} from './table-conditions.format.js';
export {
  hasNoCondition,
  readTableConditions,
  type BuilderNode,
  type ColumnConditions,
  type TableConditions,
} from './table-conditions.parser.js';
