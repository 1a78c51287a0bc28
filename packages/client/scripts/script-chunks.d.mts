/** The parts of the `<script>` bundles loaded on first use: dist/widgetlib.<name>.min.js. */
export declare const SCRIPT_CHUNKS: readonly { name: string; entry: string }[];
