import type { Keys } from '../config/keys.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from './files.ts';
import type { ResumableUploads } from './resumable/uploads.ts';

/** What the storage routes share. */
export interface StorageContext {
  db: Database;
  keys: Keys;
  files: FileStore;
  /** `[storage] file_size_limit` from config.toml: no object may be larger, whatever its bucket says. */
  fileSizeLimit: number;
  /** `[storage.image_transformation] enabled`: whether `/render/image` transforms. */
  imageTransformation: boolean;
  /** TUS uploads (`/upload/resumable`); absent in apps built without them. */
  resumable?: ResumableUploads;
}
