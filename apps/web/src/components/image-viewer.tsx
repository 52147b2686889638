import { Modal } from '@mantine/core';
import classes from './image-viewer.module.css';

interface ImageViewerProps {
  /** The image shown; null when the viewer is closed. */
  image: { src: string; name: string } | null;
  onClose: () => void;
}

/** Spec §2: a full-screen image viewer, named by its image, that closes on a click or on Escape. */
export function ImageViewer({ image, onClose }: ImageViewerProps) {
  return (
    <Modal.Root
      opened={image !== null}
      onClose={onClose}
      fullScreen
      classNames={{ content: classes.content, body: classes.body }}
    >
      <Modal.Content aria-label={image?.name}>
        <Modal.Body>
          {image && (
            // Anywhere in the viewer a click closes it; Escape, handled by the modal, is the keyboard way.
            <div className={classes.viewer} onClick={onClose}>
              <img src={image.src} alt={image.name} className={classes.image} />
            </div>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
