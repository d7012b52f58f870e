// @vitest-environment jsdom
import '../support/vanilla-extract-scope';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { required } from '@/lib/validation/rules';
import { formMachine } from '@/machines/form/form.machine';
import { TextField } from '@/views/components/form/text-field';
import { TextInput } from '@/views/admin/catalog/text-input';

// Every text field of both apps is one frame (label, control, message or hint under it): bound
// to a form machine (TextField, one line or several) or to an editor's draft (TextInput).

afterEach(cleanup);

const startForm = () =>
  createActor(formMachine, { input: { fields: { title: { rules: [required()] }, description: { rules: [required()] } } } }).start();

describe('TextField', () => {
  it('is a labelled input that shows its hint, then the message in its place once the field is left empty', () => {
    const form = startForm();
    render(<TextField form={form} name="title" hint="Shown in the catalogue." />);
    const input = screen.getByLabelText('Title');
    expect(input.tagName).toBe('INPUT');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Shown in the catalogue.');
    act(() => void fireEvent.blur(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('The Title field is required');
    expect(screen.queryByText('Shown in the catalogue.')).toBeNull();
    act(() => void fireEvent.change(input, { target: { value: 'Exit tickets' } }));
    expect(form.getSnapshot().context.values.title).toBe('Exit tickets');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('with rows, is a textarea bound the same way', () => {
    const form = startForm();
    render(<TextField form={form} name="description" rows={4} />);
    const area = screen.getByLabelText('Description');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('4');
    act(() => void fireEvent.change(area, { target: { value: 'Line one\nLine two' } }));
    expect(form.getSnapshot().context.values.description).toBe('Line one\nLine two');
    act(() => void fireEvent.change(area, { target: { value: '' } }));
    act(() => void fireEvent.blur(area));
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('The Description field is required');
  });
});

describe('TextInput (the item editor)', () => {
  it('draws the same frame around a draft value: label, message under it, and hands each change back', () => {
    const changes: string[] = [];
    const { rerender } = render(<TextInput name="guide" label="Guide" value="" error={null} hint="Markdown." multiline="code" onChange={(v) => changes.push(v)} />);
    const area = screen.getByLabelText('Guide');
    expect(area.tagName).toBe('TEXTAREA');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('Markdown.');
    fireEvent.change(area, { target: { value: '## Steps' } });
    expect(changes).toEqual(['## Steps']);
    rerender(<TextInput name="guide" label="Guide" value="" error="The Guide field is required" hint="Markdown." multiline="code" onChange={() => {}} />);
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('The Guide field is required');
  });
});
