import { Alert } from '@mantine/core';
import type { Banner } from '../hooks/use-temporary-banner';

/** The banner of `useTemporaryBanner`, announced to screen readers as it appears. */
export function TemporaryBanner({ banner }: { banner: Banner | null }) {
  return (
    <div role="status" aria-live="polite">
      {banner && (
        <Alert color={banner.colour} variant="light" py="xs">
          {banner.message}
        </Alert>
      )}
    </div>
  );
}
