"""The simulated screen: Blinka displayio rendering into an off-screen 160 x 128 surface, and the window that
shows it scaled up with the five NeoPixels drawn underneath."""
import busdisplay
import numpy
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay
from displayio._area import Area

WIDTH = 160
HEIGHT = 128
STRIP = 14  # height of the NeoPixel strip under the screen, in screen pixels
STRIP_COLOR = (24, 24, 28)
MAX_SEPARATE_AREAS = 4  # more dirty areas than this in a frame are refreshed as their bounding box


class SimDisplay(PyGameDisplay):
    """A PyGameDisplay that draws into an off-screen surface and refreshes only the changed areas.

    The stock class redraws the whole screen on every refresh (~33 ms); displayio's own dirty-area tracking makes a
    typical frame ~1 ms. The window (not this class) decides when and how big to show the surface.
    """

    def __init__(self):
        self.changed = False
        super().__init__(width=WIDTH, height=HEIGHT, auto_refresh=False, caption=None)

    def _initialize(self, init_sequence):
        self._pygame_screen = pygame.Surface((WIDTH, HEIGHT))

    def _get_refresh_areas(self):
        areas = busdisplay.BusDisplay._get_refresh_areas(self)
        if len(areas) < 2:
            return areas
        # Blinka fills each dirty area by walking every TileGrid: many small or overlapping areas (a scene change,
        # a re-laid-out label) cost far more than their bounding box filled once.
        bounds = Area()
        areas[0].copy_into(bounds)
        covered = 0
        for area in areas:
            bounds.union(area, bounds)
            covered += area.size()
        if len(areas) > MAX_SEPARATE_AREAS or 2 * covered >= bounds.size():
            return [bounds]
        return areas

    def _refresh_area(self, area):
        """Render one area with displayio and blit it. (The stock version mis-sizes areas of an odd pixel count.)"""
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        width = clipped.width()
        height = clipped.height()
        pixels = width * height
        buffer = memoryview(bytearray(((pixels + 1) // 2) * 4))
        mask = memoryview(bytearray((pixels // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        rgb565 = numpy.frombuffer(buffer, dtype=">u2", count=pixels).astype(numpy.uint32)
        rgb = numpy.empty((pixels, 3), dtype=numpy.uint8)
        rgb[:, 0] = ((rgb565 >> 11) & 0x1F) * 255 // 31
        rgb[:, 1] = ((rgb565 >> 5) & 0x3F) * 255 // 63
        rgb[:, 2] = (rgb565 & 0x1F) * 255 // 31
        image = pygame.image.frombuffer(rgb.tobytes(), (width, height), "RGB")
        self._pygame_screen.blit(image, (clipped.x1, clipped.y1))
        return True

    def _refresh_display(self):
        core = self._core
        if not core.start_refresh():
            return False
        areas = self._get_refresh_areas()
        for area in areas:
            self._refresh_area(area)
        core.finish_refresh()
        if areas:
            self.changed = True
        return True

    def _background(self):
        pass  # auto_refresh is off; the app refreshes once a frame

    def _release(self):
        pass  # the window belongs to the simulator, not to displayio

    @property
    def surface(self):
        return self._pygame_screen


class Window:
    """The pygame window: the screen scaled by `scale`, NeoPixels under it. Headless, an off-screen surface of
    the same size (screenshots, recorded frames) that no window size limit applies to."""

    def __init__(self, scale, headless=False):
        self.scale = scale
        self.headless = headless
        pygame.display.init()
        size = (WIDTH * scale, (HEIGHT + STRIP) * scale)
        if headless:
            self.surface = pygame.Surface(size)
        else:
            pygame.display.set_caption("Pips")
            self.surface = pygame.display.set_mode(size)

    def present(self, screen, pixels, brightness):
        scale = self.scale
        target = self.surface
        if scale == 1:
            target.blit(screen, (0, 0))
        else:
            pygame.transform.scale(screen, (WIDTH * scale, HEIGHT * scale), target.subsurface((0, 0, WIDTH * scale, HEIGHT * scale)))
        if brightness < 1.0:
            shade = pygame.Surface((WIDTH * scale, HEIGHT * scale))
            shade.set_alpha(int(255 * (1.0 - brightness)))
            target.blit(shade, (0, 0))
        strip_top = HEIGHT * scale
        target.fill(STRIP_COLOR, (0, strip_top, WIDTH * scale, STRIP * scale))
        count = len(pixels)
        radius = max(2, 4 * scale)
        for index in range(count):
            color = pixels[index]
            rgb = ((color >> 16) & 255, (color >> 8) & 255, color & 255)
            center = ((WIDTH * scale * (2 * index + 1)) // (2 * count), strip_top + STRIP * scale // 2)
            pygame.draw.circle(target, (60, 60, 66), center, radius + max(1, scale // 2))
            pygame.draw.circle(target, rgb, center, radius)
        if not self.headless:
            pygame.display.flip()

    def save(self, path):
        pygame.image.save(self.surface, path)
