// Entry of the `<script>` bundle: the whole public API as `window.widgetlib`.
import * as widgetlib from './index.js';

declare global {
  interface Window {
    widgetlib: typeof widgetlib;
  }
}

window.widgetlib = widgetlib;
