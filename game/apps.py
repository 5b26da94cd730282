from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"
    default_auto_field = "django.db.models.BigAutoField"
