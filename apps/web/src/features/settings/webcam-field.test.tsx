import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/providers';
import { WebcamField } from './webcam-field';

function stubCameras(cameras: { deviceId: string; label: string; width?: number; height?: number }[]) {
  const stream = (deviceId: string) => {
    const camera = cameras.find((candidate) => candidate.deviceId === deviceId);
    const track = {
      stop: vi.fn(),
      getCapabilities: () =>
        camera?.width ? { width: { max: camera.width }, height: { max: camera.height } } : {},
    };
    return { getVideoTracks: () => [track], getTracks: () => [track] };
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      enumerateDevices: vi.fn(async () =>
        cameras.map(({ deviceId, label }) => ({ deviceId, label, kind: 'videoinput' })),
      ),
      getUserMedia: vi.fn(async (constraints: { video: { deviceId: { exact: string } } }) =>
        stream(constraints.video.deviceId.exact),
      ),
    },
  });
}

afterEach(() => vi.useRealTimers());

describe('webcam choice', () => {
  it('preselects a Logitech camera', async () => {
    stubCameras([
      { deviceId: 'cam-1', label: 'Integrated Camera', width: 1920, height: 1080 },
      { deviceId: 'cam-2', label: 'Logitech BRIO', width: 3840, height: 2160 },
    ]);
    renderWithProviders(<WebcamField value={null} onChange={() => {}} />);
    expect(await screen.findByRole('combobox', { name: 'Camera' })).toHaveValue('Logitech BRIO');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns for 10 s when every camera is below 1920 × 1080', async () => {
    stubCameras([
      { deviceId: 'cam-1', label: 'Integrated Camera', width: 1280, height: 720 },
      { deviceId: 'cam-2', label: 'USB Camera', width: 640, height: 480 },
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<WebcamField value={null} onChange={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'below the recommended resolution of 1920 × 1080',
    );
    await vi.advanceTimersByTimeAsync(9_000);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says when a camera’s resolution is unknown', async () => {
    stubCameras([{ deviceId: 'cam-1', label: 'Mystery Camera' }]);
    renderWithProviders(<WebcamField value={null} onChange={() => {}} />);
    expect(
      await screen.findByText('The resolution of this camera could not be determined.'),
    ).toBeInTheDocument();
  });

  it('says when the browser cannot list devices', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    renderWithProviders(<WebcamField value={null} onChange={() => {}} />);
    expect(
      await screen.findByText('The browser cannot list the cameras of this computer.'),
    ).toBeInTheDocument();
  });
});
