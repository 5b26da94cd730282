from django.apps import AppConfig


class GalaxyConfig(AppConfig):
    name = "galaxy"
    default_auto_field = "django.db.models.BigAutoField"
