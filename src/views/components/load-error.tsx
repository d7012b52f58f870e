import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import { Button } from '@/views/layout/button';

/** What a screen shows when its data could not be loaded (spec §8), with a way to try again. */
export function LoadError({ onRetry, message = GENERIC_ERROR_MESSAGE }: { onRetry: () => void; message?: string }) {
  return (
    <div role="alert">
      <p className="error">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
