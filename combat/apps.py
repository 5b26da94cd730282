from django.apps import AppConfig


class CombatConfig(AppConfig):
    name = "combat"
    default_auto_field = "django.db.models.BigAutoField"
