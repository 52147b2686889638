import { Text } from '@mantine/core';
import type { ValidationMessage } from './validation';

export function ValidationText({ message }: { message: ValidationMessage | null }) {
  if (!message) return null;
  return (
    <Text
      size="sm"
      c={message.kind === 'error' ? 'red' : 'orange'}
      role={message.kind === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </Text>
  );
}
