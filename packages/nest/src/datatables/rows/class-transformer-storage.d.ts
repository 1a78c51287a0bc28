// class-transformer 0.5 keeps its decorators' metadata in this module, which its index does not export.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage.js';
}
