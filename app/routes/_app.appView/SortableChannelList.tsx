// Drag and drop for the channel order (JavaScript only, loaded lazily so other pages and the
// first paint stay small). A drop asks the server to save the new order; the list shows the
// server's order, so it changes only once the Manager accepted it (spec §4). The keyboard works
// too: focus a handle, Space, arrows, Space.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { IconGripVertical } from "~/components/icons";
import { ChannelOrderRow, orderListStyle, type ChannelRowProps } from "./ChannelOrderRow";
import { useAppViewRowTexts } from "./row-texts";
import type { AppViewChannel } from "./view.server";
import { ActionIcon } from "~/components/ui/action-icon";
import { Card } from "~/components/ui/card";

const handleStyle = { cursor: "grab", touchAction: "none" } as const;

// Memoized: dnd-kit re-renders the list on every drag event; a row renders again only when its
// own drag state changes (useSortable's context) or its channel does.
const SortableRow = memo(function SortableRow({ channel, count, texts }: ChannelRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channel.id,
  });
  return (
    <Card
      withBorder
      component="li"
      ref={setNodeRef}
      padding="xs"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: "relative",
      }}
      shadow={isDragging ? "md" : undefined}
    >
      <ChannelOrderRow
        channel={channel}
        count={count}
        canSort
        texts={texts}
        dragHandle={
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            size="lg"
            style={handleStyle}
            {...attributes}
            {...listeners}
            aria-label={texts.dragHandle({ name: channel.name })}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
        }
      />
    </Card>
  );
});

export default function SortableChannelList({
  channels,
  total,
  onMove,
}: {
  /** One page of the order; positions are those in the whole app. */
  channels: AppViewChannel[];
  total: number;
  onMove: (channelId: string, position: number) => void;
}) {
  const { t } = useTranslation("moderation");
  const texts = useAppViewRowTexts();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number | undefined) => channels.find((channel) => channel.id === id)?.name ?? "";
  const positionOf = (id: string | number | undefined) => channels.find((channel) => channel.id === id)?.position ?? 0;

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), positionOf(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t("appView.order.dragInstructions") },
        announcements: {
          onDragStart: ({ active }) => t("appView.order.dragStart", { name: nameOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t("appView.order.dragOver", { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over ? t("appView.order.dragEnd", { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
          onDragCancel: ({ active }) => t("appView.order.dragCancel", { name: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={channels.map((channel) => channel.id)} strategy={verticalListSortingStrategy}>
        <ol style={orderListStyle} data-testid="channel-order" data-sortable="true">
          {channels.map((channel) => (
            <SortableRow key={channel.id} channel={channel} count={total} texts={texts} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
