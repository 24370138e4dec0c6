"""Stand-in for the firmware's bitmaptools (C on the badge; no heap): blit, pixel by pixel through the stand-in
Bitmap (its cost is the stand-ins' share, which tools/callgrind_cost.py can take out)."""


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    x2 = source_bitmap.width if x2 is None else x2
    y2 = source_bitmap.height if y2 is None else y2
    if not (0 <= x and x + x2 - x1 <= dest_bitmap.width and 0 <= y and y + y2 - y1 <= dest_bitmap.height):
        raise ValueError("out of range of target")
    for row in range(y2 - y1):
        for column in range(x2 - x1):
            value = source_bitmap._get(x1 + column, y1 + row)
            if value == skip_source_index or (skip_dest_index is not None
                                              and dest_bitmap._get(x + column, y + row) == skip_dest_index):
                continue
            dest_bitmap._set(x + column, y + row, value)
