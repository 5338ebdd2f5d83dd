import { MAX_IMAGE_BYTES, MSG } from '@schoolledger/domain';
import type { ChangeEvent } from 'react';
import { notify } from './notify';

/**
 * The image picked in a file input, or null once the reason it cannot be used has been shown.
 * The input is cleared so that picking the same file again still fires a change.
 */
export function pickedImage(event: ChangeEvent<HTMLInputElement>): File | null {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  if (!file.type.startsWith('image/')) {
    notify.error(MSG.selectImage);
    return null;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    notify.error(MSG.imageTooLarge);
    return null;
  }
  return file;
}
