"""DRF token authentication over our named ApiToken model (header: `Authorization: Token <key>`).

The keys are stored hashed (accounts.models.ApiToken), so the lookup is by prefix and digest.
"""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from .models import ApiToken


class ApiTokenAuthentication(TokenAuthentication):
    model = ApiToken

    def authenticate_credentials(self, key):
        token = ApiToken.find(key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)
