from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from game import realtime, selectors

        # Pushes are cut into frames per kind of viewer where they are published (game.realtime).
        realtime.cut_frames_with(selectors.events_frames)
