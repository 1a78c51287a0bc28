export { PanelGeometryController } from './panel-geometry-controller.component.js';
export { defaultStorage, PanelGeometryStore } from './panel-geometry.storage.js';
