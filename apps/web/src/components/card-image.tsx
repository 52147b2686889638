import { Card, Image, UnstyledButton } from '@mantine/core';

interface CardImageProps {
  src: string;
  alt: string;
  /** What the button says it does: "Show … full screen". */
  openLabel: string;
  onOpen: () => void;
}

/** The image of an image card (a screenshot, a job's picture): a click shows it full screen. */
export function CardImage({ src, alt, openLabel, onOpen }: CardImageProps) {
  return (
    <Card.Section>
      <UnstyledButton
        onClick={onOpen}
        aria-label={openLabel}
        display="block"
        w="100%"
        style={{ cursor: 'zoom-in' }}
      >
        <Image src={src} alt={alt} h={180} fit="contain" bg="var(--mantine-color-default-hover)" />
      </UnstyledButton>
    </Card.Section>
  );
}

/** The columns of a grid of image cards, by screen width. */
export const CARD_GRID_COLS = { base: 1, sm: 2, md: 3, lg: 4 } as const;
