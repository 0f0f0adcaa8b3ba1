/* hotpart: set-up for @jupyter-widgets/html-manager 1.0.x, loaded after
 * require.js and before embed-amd.js.
 *
 * 1. Fonts. The bundle finds its font files relative to the AMD module's URL,
 *    which require.js resolves against the page. Point that module path at this
 *    folder, whatever the page's depth, so the fonts load from the book.
 * 2. MathJax. The bundle typesets widget labels with the MathJax 2 call
 *    MathJax.Hub.Queue(["Typeset", MathJax.Hub, el]). The book loads MathJax 3,
 *    which has no Hub, so that call throws. Give it a Hub.Queue that typesets
 *    the element with MathJax 3's typesetPromise.
 */
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  if (window.require && window.require.config) {
    window.require.config({
      paths: { "@jupyter-widgets/html-manager/dist": here + "@jupyter-widgets/html-manager/dist" },
    });
  }
  function install() {
    var mj = window.MathJax;
    if (mj && !mj.Hub) {
      mj.Hub = {
        Queue: function (job) {
          var el = job && job[2];
          if (el && window.MathJax.typesetPromise) {
            window.MathJax.typesetPromise([el]).catch(function () {});
          }
        },
      };
    }
  }
  install();
  document.addEventListener("DOMContentLoaded", install);
  window.addEventListener("load", install);
})();
