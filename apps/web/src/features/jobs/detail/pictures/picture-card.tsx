import { cutMetadataValue, pictureAltPrefix, type JobPicture } from '@fleet/contract';
import { Card, Collapse, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CardImage } from '../../../../components/card-image';
import { useDateFormat } from '../../../../hooks/use-date-format';

interface PictureCardProps {
  picture: JobPicture;
  serialNumber: string;
  onOpen: () => void;
}

/** One picture of a job: the image (a click shows it full screen), its name and date, its metadata. */
export function PictureCard({ picture, serialNumber, onOpen }: PictureCardProps) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const [open, { toggle }] = useDisclosure(false);
  const entries = Object.entries(picture.metadata);
  // Jobs spec §3: the serial number's first four characters name the picture's source.
  const alt = t('job_detail.pictures.alt', {
    device: pictureAltPrefix(serialNumber),
    name: picture.filename,
  });
  return (
    <Card component="article" aria-label={picture.filename} withBorder radius="md" padding="sm">
      <CardImage
        src={picture.mediaLink}
        alt={alt}
        openLabel={t('job_detail.pictures.open', { name: picture.filename })}
        onOpen={onOpen}
      />
      <Stack gap={2} mt="sm">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {picture.filename}
        </Text>
        <Text size="xs" c="dimmed">
          {date.long(picture.postedDate)}
        </Text>
        {entries.length > 0 && (
          <>
            <UnstyledButton onClick={toggle} aria-expanded={open} fz="xs" c="blue">
              {t(open ? 'job_detail.pictures.hide_metadata' : 'job_detail.pictures.show_metadata', {
                count: entries.length,
              })}
            </UnstyledButton>
            <Collapse expanded={open}>
              <dl style={{ margin: 0 }}>
                {entries.map(([key, value]) => (
                  <Text key={key} size="xs" component="div">
                    <Text span fw={600} size="xs" component="dt" display="inline">
                      {key}:
                    </Text>{' '}
                    <Text
                      span
                      size="xs"
                      component="dd"
                      display="inline"
                      title={value.length > 20 ? value : undefined}
                    >
                      {cutMetadataValue(value)}
                    </Text>
                  </Text>
                ))}
              </dl>
            </Collapse>
          </>
        )}
      </Stack>
    </Card>
  );
}
