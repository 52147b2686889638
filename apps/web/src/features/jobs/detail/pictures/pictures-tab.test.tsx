import type { JobPicture } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n';
import { requestsTo } from '../../../../testing/render-route';
import { detailJob, JOB_ID, jobDetail, openJobDetail } from '../job-detail-fixtures';

function picture(id: string, filename: string): JobPicture {
  return {
    id,
    filename,
    mediaLink: `https://media.example/${id}?expires=1`,
    metadata: { camera: 'front' },
    postedDate: '2026-11-22T08:10:00.000Z',
  };
}

const FRONT = picture('p-1', 'front-left.jpg');
const REAR = picture('p-2', 'rear-right.jpg');
const PICTURES_PATH = `/api/jobs/${JOB_ID}/pictures`;

function openPictures(totalCount: number, pictures: JobPicture[] = [FRONT, REAR]) {
  // A device whose serial number's first four characters are not those of the fixtures' default.
  const job = detailJob({ serialNumber: 'ALIGN0000000001' });
  return openJobDetail('pictures', 'customer-engineering-user', {
    job,
    detail: jobDetail(job, { pictureCount: totalCount }),
    answers: {
      [`GET ${PICTURES_PATH}`]: { body: { data: pictures, totalCount } },
      [`GET ${PICTURES_PATH}/${FRONT.id}`]: {
        body: { ...FRONT, mediaLink: `https://media.example/${FRONT.id}?expires=2` },
      },
    },
  });
}

describe('the pictures tab', () => {
  afterEach(() => changeLanguage('en'));

  it('says how many pictures the job has, and names each image after its device', async () => {
    openPictures(23);
    expect(await screen.findByText('23 pictures')).toBeInTheDocument();
    const front = within(await screen.findByRole('article', { name: FRONT.filename }));
    expect(front.getByRole('img')).toHaveAccessibleName('Picture front-left.jpg from device ALIG');
    const rear = within(screen.getByRole('article', { name: REAR.filename }));
    expect(rear.getByRole('img')).toHaveAccessibleName('Picture rear-right.jpg from device ALIG');
  });

  it('says one picture in the singular', async () => {
    openPictures(1, [FRONT]);
    expect(await screen.findByText('1 picture')).toBeInTheDocument();
  });

  it('says them in the user’s language', async () => {
    await changeLanguage('de');
    openPictures(23);
    expect(await screen.findByText('23 Bilder')).toBeInTheDocument();
    const front = within(await screen.findByRole('article', { name: FRONT.filename }));
    expect(front.getByRole('img')).toHaveAccessibleName('Bild front-left.jpg von Gerät ALIG');
  });

  it('asks for the picture afresh to show it full screen, and shows its new link', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = openPictures(2);
    await user.click(await screen.findByRole('button', { name: 'Show front-left.jpg full screen' }));

    const viewer = await screen.findByRole('dialog', { name: FRONT.filename });
    await waitFor(() =>
      expect(within(viewer).getByRole('img', { name: FRONT.filename })).toHaveAttribute(
        'src',
        `https://media.example/${FRONT.id}?expires=2`,
      ),
    );
    expect(requestsTo(fetchSpy, 'GET', `${PICTURES_PATH}/${FRONT.id}`)).toHaveLength(1);
    expect(requestsTo(fetchSpy, 'GET', `${PICTURES_PATH}/${REAR.id}`)).toHaveLength(0);
  });
});
