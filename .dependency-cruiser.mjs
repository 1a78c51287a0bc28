// The import graph of the packages' sources, type-only imports included (tsPreCompilationDeps):
// no cycle, and the data-table core's stages depend on each other in one direction only.
const core = '^packages/nest/src/datatables/';
const client = '^packages/client/src/';
/** The stages of the data-table core, lowest first: each may import only the ones before it. */
const stages = ['model', 'request', 'sql', 'rows', 'extensions', 'paging|counting|aggregates', 'preparation'];

const stageRules = stages.map((stage, index) => ({
  name: `datatables-${stage.replaceAll('|', '-')}-imports-down`,
  comment: `datatables/${stage}/ imports only the stages below it (${stages.slice(0, index).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `${core}(${stage})/`, pathNot: '\\.spec\\.ts$' },
  to: {
    path: core,
    pathNot: [`${core}(${stages.slice(0, index + 1).join('|')})/`],
  },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...stageRules,
    {
      name: 'datatables-core-through-internal',
      comment: 'Other capabilities of the package reach the data-table core through datatables/internal.ts',
      severity: 'error',
      from: {
        path: '^packages/nest/src/',
        pathNot: [core, '\\.spec\\.ts$', '^packages/nest/src/widgetlib(\\.config|-options\\.interface)\\.ts$'],
      },
      to: { path: `${core}.+/`, pathNot: `${core}model/index\\.ts$` },
    },
    {
      name: 'client-capabilities-apart',
      comment: 'In the client, the tables and the help panel do not import each other',
      severity: 'error',
      from: { path: `${client}(datatables|help-panel)/` },
      to: { path: `${client}(datatables|help-panel)/`, pathNot: `${client}$1/` },
    },
    {
      name: 'client-shared-at-the-bottom',
      comment: "The client's shared folders (http, texts, renderers) import no capability",
      severity: 'error',
      from: { path: `${client}(http|texts|renderers)/` },
      to: { path: `${client}(datatables|help-panel)/` },
    },
  ],
  options: {
    includeOnly: '^packages/(nest|client|rules)/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
