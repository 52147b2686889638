import type { Component } from '@fleet/contract';
import type { MantineColor } from '@mantine/core';

export const COMPONENT_STATUS_COLOURS: Record<Component['status'], MantineColor> = {
  ok: 'green',
  worn: 'yellow',
  faulty: 'red',
  replaced: 'gray',
};
