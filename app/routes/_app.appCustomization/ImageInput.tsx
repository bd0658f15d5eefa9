// Choosing an image: a plain file input in the multipart form without JavaScript (an Upload
// button sends it; so does any other button of the form); with JavaScript a Mantine Dropzone
// that sends the file to the server at once, which checks it by its bytes and answers the
// processed image or the field's message. The Dropzone is loaded after hydration (it would bring
// all of Mantine before it: LazyDropzone.tsx); until it arrives, and if it never does, the file
// input and its Upload button stay.
import { Box } from "#mantine/core/core/Box/Box.mjs";
import { Button } from "#mantine/core/components/Button/Button.mjs";
import { Group } from "#mantine/core/components/Group/Group.mjs";
import { Input } from "#mantine/core/components/Input/Input.mjs";
import { Loader } from "#mantine/core/components/Loader/Loader.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { IconPhotoUp } from "~/components/icons";
import { LazyDropzone } from "~/components/LazyDropzone";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { intentValue } from "./fields";
import { imageProblemMessage, type ImageKind } from "~/images/image-problems";
import { useHydrated } from "~/utils/use-hydrated";

export const imageUploadPath = "/appCustomization/image";

const accepted: Record<ImageKind, string[]> = { logo: ["image/png"], picture: ["image/png", "image/jpeg"] };

type UploadAnswer = { dataUrl: string } | { error: string };

async function uploadImage(kind: ImageKind, file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.set("kind", kind);
  body.set("file", file);
  try {
    const response = await fetch(imageUploadPath, { method: "POST", body, headers: { Accept: "application/json" } });
    const answer = (await response.json()) as Partial<{ dataUrl: string; error: string }>;
    if (answer.dataUrl) return { dataUrl: answer.dataUrl };
    return { error: answer.error ?? "errors.unexpectedError" };
  } catch {
    return { error: "errors.unexpectedError" };
  }
}

export interface ImageInputProps {
  kind: ImageKind;
  /** The file input's name in the form (without JavaScript). */
  name: string;
  id: string;
  label: string;
  hint: string;
  uploadLabel: string;
  error: string | null;
  disabled: boolean;
  onUploaded(dataUrl: string): void;
  onError(message: string | null): void;
}

export function ImageInput({
  kind,
  name,
  id,
  label,
  hint,
  uploadLabel,
  error,
  disabled,
  onUploaded,
  onError,
}: ImageInputProps) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");

  async function upload(file: File) {
    setUploading(true);
    onError(null);
    const answer = await uploadImage(kind, file);
    setUploading(false);
    if ("dataUrl" in answer) onUploaded(answer.dataUrl);
    else onError(answer.error);
  }

  // Without JavaScript, and with it until the Dropzone's chunk arrives (or if it never does).
  const fileInput = (
    <Group gap="sm" mt={4} align="center">
      <Box
        component="input"
        type="file"
        id={id}
        name={name}
        accept={accepted[kind].join(",")}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="image-file-input"
      />
      <Button
        type="submit"
        name="intent"
        value={intentValue({ type: "upload" })}
        variant="default"
        size="xs"
        disabled={disabled}
      >
        {uploadLabel}
      </Button>
    </Group>
  );

  return (
    <Input.Wrapper
      label={label}
      id={id}
      description={hint}
      error={error ? t(error) : undefined}
      descriptionProps={{ id: hintId }}
      errorProps={{ id: errorId }}
    >
      {hydrated ? (
        <LazyDropzone
          fallback={fileInput}
          onDrop={(files) => files[0] && void upload(files[0])}
          onReject={() => onError(imageProblemMessage(kind, "wrongFormat"))}
          accept={accepted[kind]}
          multiple={false}
          maxFiles={1}
          useFsAccessApi={false}
          disabled={disabled || uploading}
          loading={uploading}
          aria-label={t("views.appCustomization.chooseFile", { label })}
          inputProps={{ id, "aria-describedby": describedBy }}
          mt={4}
          p="md"
        >
          <Group gap="sm" justify="center" style={{ pointerEvents: "none" }}>
            {uploading ? <Loader size="sm" aria-hidden="true" /> : <IconPhotoUp size={24} aria-hidden="true" />}
            <Text size="sm">{t("views.appCustomization.dropHere")}</Text>
          </Group>
        </LazyDropzone>
      ) : (
        fileInput
      )}
    </Input.Wrapper>
  );
}
