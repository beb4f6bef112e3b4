import { Alert, Button, FileButton, Group } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { sharedText } from '../../../i18n/shared.ts';
import { pictureProblem, pictureTypes } from '../picture-checks.ts';

type Props = {
  field: 'profile_picture' | 'background_image';
  label: string;
  /** Sends the picture; a rejection shows its message here. */
  onPick: (file: File) => Promise<unknown>;
};

/** The server's words for a refused picture ('Profile picture is not a picture: …'). */
const refusal = (error: unknown) => (error instanceof Error ? error.message : sharedText(messages.somethingWentWrong));

/** Choose a picture from the device; checked here for size and kind, then by the server for what it is. */
export function PictureUpload({ field, label, onPick }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    const wrong = pictureProblem(field, file);
    setProblem(wrong);
    if (wrong) return;
    setSending(true);
    try {
      await onPick(file);
    } catch (error) {
      setProblem(refusal(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Group gap="xs">
        <FileButton onChange={(file) => void pick(file)} accept={pictureTypes}>
          {(props) => (
            <Button {...props} variant="light" loading={sending} leftSection={<IconUpload size={16} aria-hidden />}>
              {label}
            </Button>
          )}
        </FileButton>
      </Group>
      {problem && (
        <Alert color="red" role="alert" mt="xs">
          {problem}
        </Alert>
      )}
    </>
  );
}
