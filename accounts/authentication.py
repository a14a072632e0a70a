"""DRF token authentication over our named ApiToken model (header: `Authorization: Token <key>`)."""
from rest_framework.authentication import TokenAuthentication

from .models import ApiToken


class ApiTokenAuthentication(TokenAuthentication):
    model = ApiToken
