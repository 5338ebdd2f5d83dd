import { initials, type SessionUser } from '@schoolledger/domain';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button, Card, CardBody } from '@/components/ui';
import { pickedImage } from '@/lib/image-file';
import { useUploadProfilePicture } from '../api/upload-picture';

export function PictureCard({ user, name }: { user: SessionUser; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const mutation = useUploadProfilePicture(setProgress);
  const picture = user.profile.profilePicture;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = pickedImage(event);
    if (!file) return;
    setProgress(0);
    mutation.mutate(file);
  }

  return (
    <Card>
      <CardBody className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        {picture ? (
          <img src={picture} alt={`${name}'s profile`} className="size-24 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-3xl font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300"
          >
            {initials(user)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{name}</h2>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">JPG, PNG, GIF or WebP, less than 5MB.</p>
          {mutation.isPending && (
            <div
              className="mt-3 h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full bg-emerald-600 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          onChange={onFile}
          aria-hidden="true"
        />
        <Button variant="secondary" onClick={() => input.current?.click()} loading={mutation.isPending}>
          {!mutation.isPending && <Camera className="size-4" aria-hidden="true" />}
          {mutation.isPending ? 'Uploading...' : 'Change picture'}
        </Button>
      </CardBody>
    </Card>
  );
}
