"""The rules of every game, one module or package per family; importing this package registers them all.

(Named ``rulebook`` because ``hoyle.games()`` is the public function listing the games.)
"""

from . import boston as boston  # registers 'boston' (issue 6)
from . import cayenne as cayenne  # registers 'cayenne' (issue 6)
from . import dummy as dummy  # registers 'dummy' and 'double-dummy'
from . import poker as poker  # registers 'poker' (issue 7)
from . import pope_joan as pope_joan  # registers 'pope joan' (issue 8)
from . import solo as solo  # registers 'solo' (issue 5)
from . import vingt_un as vingt_un  # registers 'vingt-un' (issue 8)
from . import whist

__all__ = ["whist"]
