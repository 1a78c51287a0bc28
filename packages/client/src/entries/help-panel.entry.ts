// `@widgetlib/client/help-panel`: the help panel (reading; authoring as permitted) and its editor.
export * from '../help-panel/index.js';
