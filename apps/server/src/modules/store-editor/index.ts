// The store editor module's face (docs/decisions/0041): what other modules and the app's composition may use.
export { PictureService } from './pictures.ts';
export { StoreEditorService } from './service.ts';
