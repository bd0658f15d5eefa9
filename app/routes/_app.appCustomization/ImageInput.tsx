// Choosing an image: a plain file input in the multipart form without JavaScript (an Upload
// button sends it; so does any other button of the form); with JavaScript a Mantine Dropzone
// that sends the file to the server at once, which checks it by its bytes and answers the
// processed image or the field's message. The Dropzone is loaded after hydration (it would bring
// all of Mantine before it: LazyDropzone.tsx); until it arrives, and if it never does, the file
// input and its Upload button stay — and with JavaScript a file chosen in that input is sent at
// once too, so the Dropzone taking its place cannot take the user's choice with it.
import { IconPhotoUp } from "~/components/icons";
import { LazyDropzone } from "~/components/LazyDropzone";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { intentValue } from "./fields";
import { imageProblemMessage, type ImageKind } from "~/images/image-problems";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Group } from "~/components/ui/group";
import { Loader } from "~/components/ui/loader";
import { Text } from "~/components/ui/text";

export const imageUploadPath = "/appCustomization/image";

const accepted: Record<ImageKind, string[]> = { logo: ["image/png"], picture: ["image/png", "image/jpeg"] };

type UploadAnswer = { dataUrl: string } | { error: string };

/** File inputs that already have their change listener (a ref callback may see one twice). */
const watched = new WeakSet<HTMLInputElement>();

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
    return "dataUrl" in answer;
  }
  const uploadLatest = useRef(upload);
  uploadLatest.current = upload;

  // The file input, from hydration until the Dropzone replaces it: a file already in it (chosen
  // before the page hydrated) is sent now, and one chosen later as soon as it is. Its own
  // listener, not React's onChange: a file chooser opened on it stays open while the Dropzone
  // swaps in, and its change event then fires on an input no longer in the page, which React
  // does not hear. Once sent, the file leaves the input, so a later post (Save, say) does not
  // send it again over a logo the user has since reset.
  const sendChosenFile = useRef(async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const uploaded = await uploadLatest.current(file);
    if (uploaded && input.files?.[0] === file) input.value = "";
  });
  const watchFileInput = useCallback((input: HTMLInputElement | null) => {
    if (!input || watched.has(input)) return;
    watched.add(input);
    input.addEventListener("change", () => void sendChosenFile.current(input));
    void sendChosenFile.current(input);
  }, []);

  // Without JavaScript, and with it until the Dropzone's chunk arrives (or if it never does).
  const fileInput = (
    <Group gap="sm" mt={4} align="center">
      <input
        ref={watchFileInput}
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
        loading={uploading}
      >
        {uploadLabel}
      </Button>
    </Group>
  );

  return (
    <Field
      label={label}
      htmlFor={id}
      labelId={`${id}-label`}
      description={hint}
      descriptionId={hintId}
      error={error ? t(error) : undefined}
      errorId={errorId}
    >
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
          {uploading ? <Loader size="sm" /> : <IconPhotoUp size={24} aria-hidden="true" />}
          <Text size="sm">{t("views.appCustomization.dropHere")}</Text>
        </Group>
      </LazyDropzone>
    </Field>
  );
}
