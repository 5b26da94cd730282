// The spectator's gallery on the campaign page (filled in by the gallery module).
(function () {
  "use strict";
})();
