import { useState } from 'react';
import { render } from '@testing-library/react';
import { UploadFieldView, type UploadValue } from '@/views/admin/upload-field';
import type { UploadKind } from '@/machines/admin/upload.types';
import { startUpload } from '../machines/upload.fixtures';

// An upload field inside a form that keeps its value, over an upload actor the test drives.

export function renderUploadField(kind: UploadKind, initial: UploadValue | null = null) {
  const upload = startUpload(kind);
  const values: (UploadValue | null)[] = [];
  function Form() {
    const [value, setValue] = useState<UploadValue | null>(initial);
    return (
      <UploadFieldView
        actor={upload.actor}
        kind={kind}
        label="Captions"
        description="A WebVTT file (.vtt), at most 1 MB."
        value={value}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
      />
    );
  }
  const view = render(<Form />);
  return { upload, values, view };
}
