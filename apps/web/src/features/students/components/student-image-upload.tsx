import type { Student } from '@schoolledger/domain';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '@/components/ui';
import { pickedImage } from '@/lib/image-file';
import { useUploadStudentImage } from '../api/upload-student-image';

export function StudentImageUpload({ student }: { student: Student }) {
  const input = useRef<HTMLInputElement>(null);
  const mutation = useUploadStudentImage();

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = pickedImage(event);
    if (file) mutation.mutate({ id: student._id, file });
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFile}
      />
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={mutation.isPending}>
        {!mutation.isPending && <Camera className="size-4" aria-hidden="true" />}
        {mutation.isPending ? 'Uploading...' : student.profile.img ? 'Change photo' : 'Add photo'}
      </Button>
    </>
  );
}
