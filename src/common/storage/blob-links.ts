import { Injectable } from '@nestjs/common';
import { CommonSettings } from '../settings/common-settings';
import { assertBlobKey } from './blob-keys';

/** Public links to blobs: `CDN_URL` (default `{BASE_URL}/cdn`) + `/` + key. */
@Injectable()
export class BlobLinks {
  constructor(private readonly config: CommonSettings) {}

  url(key: string): string {
    assertBlobKey(key);
    return `${this.config.cdnUrl}/${key}`;
  }
}
