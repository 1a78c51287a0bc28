// esbuild plugin: `import DataTable from 'datatables.net'` gives `undefined` instead of bundling
// DataTables; the library then uses the global `DataTable` set by datatables.net's own <script>
// (src/datatables/core/datatables-engine.registry.ts). Only type imports of datatables.net exist besides that one.
export const datatablesFromGlobal = {
  name: 'widgetlib-datatables-from-global',
  setup(build) {
    build.onResolve({ filter: /^datatables\.net(-dt)?$/ }, (args) => ({
      path: args.path,
      namespace: 'widgetlib-datatables-global',
    }));
    build.onLoad({ filter: /.*/, namespace: 'widgetlib-datatables-global' }, () => ({
      contents: 'export default undefined;\n',
      loader: 'js',
    }));
  },
};
