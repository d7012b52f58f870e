// @vitest-environment jsdom
import '../support/vanilla-extract-scope';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { fakeFile, storedAs } from '../machines/upload.fixtures';
import { renderUploadField } from './upload-field.harness';

// The upload field as a person (and a screen reader) meets it: a labelled group with a file
// button, a progress bar with its percentage while sending, Cancel, the stored file with Remove,
// and a refusal in an alert with the server's words.

afterEach(cleanup);

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (container: HTMLElement, file: File | Blob) => act(() => void fireEvent.change(fileInput(container), { target: { files: [file] } }));
const click = (element: Element) => act(() => void fireEvent.click(element));

describe('UploadField', () => {
  it('is a labelled group whose button opens a file picker for the kind', () => {
    const { view } = renderUploadField('captions');
    const group = screen.getByRole('group', { name: 'Captions' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(group).getByText('No file chosen')).toBeTruthy();
    const input = fileInput(view.container);
    expect(input.accept).toContain('.vtt');
    let opened = false;
    input.addEventListener('click', () => void (opened = true));
    fireEvent.click(screen.getByRole('button', { name: 'Choose file for Captions' }));
    expect(opened).toBe(true);
  });

  it('shows the progress with its percentage, then the stored file for the form', async () => {
    const { upload, values, view } = renderUploadField('captions');
    const file = fakeFile('exit-tickets.en.vtt', 4000);
    await pick(view.container, file);
    const bar = screen.getByRole('progressbar', { name: 'Uploading exit-tickets.en.vtt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await act(() => upload.last().sendBack({ type: 'upload.progress', progress: { loaded: 1000, total: 4000 } }));
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(bar).getByText('25%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel upload of Captions' })).toBeTruthy();
    const stored = { ...storedAs('captions', file), mimeType: 'text/vtt' };
    await act(() => upload.last().sendBack({ type: 'upload.stored', upload: stored }));
    const { previewUrl: _, ...kept } = stored;
    expect(values).toEqual([kept]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // A paid file opens at the preview address signed for the admin, not at its stored one.
    const link = screen.getByRole('link', { name: 'exit-tickets.en.vtt' });
    expect(link.getAttribute('href')).toBe(stored.previewUrl);
    expect(screen.getByText('4 kB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace for Captions' })).toBeTruthy();
  });

  it('cancels a sending and keeps the file the form had', async () => {
    const had = { ...storedAs('captions', fakeFile('old.vtt')), mimeType: 'text/vtt' };
    const { upload, values, view } = renderUploadField('captions', had);
    await pick(view.container, fakeFile('new.vtt'));
    await click(screen.getByRole('button', { name: 'Cancel upload of Captions' }));
    expect(upload.last().stopped).toBe(true);
    expect(values).toEqual([]);
    expect(screen.getByText('old.vtt')).toBeTruthy();
  });

  it("shows a refusal in an alert with the server's message, and tries again", async () => {
    const { upload, values, view } = renderUploadField('captions');
    const file = fakeFile('big.vtt');
    await pick(view.container, file);
    await act(() => upload.last().sendBack({ type: 'upload.failed', error: new ApiError(413, 'FILE_TOO_LARGE', 'File size must be less than 1 MB') }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('big.vtt');
    expect(alert.textContent).toContain('File size must be less than 1 MB');
    await click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(upload.sends).toHaveLength(2);
    expect(upload.last().input.file).toBe(file);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(values).toEqual([]);
  });

  it("names a paid file the form already had without a link (it opens only at a signed address), and links a poster's", async () => {
    const { previewUrl: _, ...had } = { ...storedAs('captions', fakeFile('kept.vtt')), mimeType: 'text/vtt' };
    const captions = renderUploadField('captions', had);
    expect(screen.getByText('kept.vtt').closest('a')).toBeNull();
    captions.view.unmount();
    const { previewUrl: __, ...poster } = { ...storedAs('poster', fakeFile('kept.png')), mimeType: 'image/png', url: '/media/uploads/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5/kept.png' };
    renderUploadField('poster', poster);
    expect(screen.getByRole('link', { name: 'kept.png' }).getAttribute('href')).toBe(poster.url);
  });

  it('removes the stored file', async () => {
    const had = { ...storedAs('captions', fakeFile('old.vtt')), mimeType: 'text/vtt' };
    const { values } = renderUploadField('captions', had);
    await click(screen.getByRole('button', { name: 'Remove Captions' }));
    expect(values).toEqual([null]);
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });
});
