"""Stand-in for the firmware's audioio: AudioOut plays nothing, but keeps `playing` as the app sees it."""


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False
        self.paused = False

    def play(self, sample, *, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False

    def pause(self):
        self.paused = True

    def resume(self):
        self.paused = False

    def deinit(self):
        self.playing = False
