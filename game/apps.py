import gc

from django.apps import AppConfig

# Python's cyclic collector runs a full collection every ~700 x 10 x 10 container allocations, and each one walks
# every live object: in a process that keeps a 50,000-unit world (state_io's cache) that was 0.15-0.2 s, once or
# twice a round, 0.3-0.45 s of a 4.8 s round through the app (benchmarks/round.py). The world is long-lived and
# freed by reference counting, so collecting less often loses nothing but a little memory held by cycles.
GC_THRESHOLDS = (50_000, 20, 10)


class GameConfig(AppConfig):
    name = "game"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from game import realtime, selectors

        # Pushes are cut into frames per kind of viewer where they are published (game.realtime).
        realtime.cut_frames_with(selectors.events_frames)
        gc.set_threshold(*GC_THRESHOLDS)
