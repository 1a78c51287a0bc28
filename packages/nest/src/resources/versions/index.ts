export { ResourceEntityTagInterceptor } from './resource-entity-tag.interceptor.js';
export { ResourceChangedError, ResourceIfMatchError, ResourceUnversionedError } from './resource-version.errors.js';
export { ResourceVersions } from './resource-versions.query.js';
export { writeRecordInScope, type RecordWrite } from './record-write.query.js';
