// @nestjs/common is a dependency of @widgetlib/nest only; the client's browser tests reach the same
// installed copy through the nest package (one instance, so decorators and the app agree).
export * from '../../../nest/node_modules/@nestjs/common/index.js';
