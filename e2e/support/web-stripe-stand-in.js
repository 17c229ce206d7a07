// A local stand-in for Stripe.js (https://js.stripe.com/...), served by the e2e tests through page.route:
// this machine cannot reach Stripe. It implements only what the subscribe page uses, with Stripe's shapes,
// so the page's own code runs unchanged:
//   Stripe(key) -> { elements({clientSecret}) -> { create('payment') -> { mount, on, off, update, destroy } },
//                    confirmSetup, confirmPayment }
// The Payment Element renders a small card form. Card numbers behave like Stripe's test cards:
//   4000000000000002 -> { error: { message: 'Your card was declined.' } }
//   4000002500003155 -> needs authentication: the browser goes to return_url with redirect_status=succeeded
//   anything else    -> succeeds without a redirect (redirect: 'if_required'), or redirects when redirect is 'always'.
// Every call is recorded on window.__stripeStandIn for the tests to inspect.
(function () {
  var record = (window.__stripeStandIn = { keys: [], elementsOptions: [], confirms: [] });

  function createPaymentElement() {
    var root = null;
    var handlers = {};
    return {
      mount: function (target) {
        root = typeof target === 'string' ? document.querySelector(target) : target;
        root.innerHTML =
          '<div data-stripe-stand-in="payment-element" style="display:grid;gap:8px">' +
          '<label style="display:grid;gap:4px;font-size:14px">Card number<input name="cardnumber" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" style="box-sizing:border-box;width:100%;height:40px;border:1px solid #cbd5e1;border-radius:8px;padding:0 12px"></label>' +
          '<div style="display:grid;grid-template-columns:1fr 1fr;gap:8px">' +
          '<label style="display:grid;gap:4px;font-size:14px">Expiration<input name="exp-date" value="12 / 34" style="box-sizing:border-box;width:100%;height:40px;border:1px solid #cbd5e1;border-radius:8px;padding:0 12px"></label>' +
          '<label style="display:grid;gap:4px;font-size:14px">CVC<input name="cvc" value="123" style="box-sizing:border-box;width:100%;height:40px;border:1px solid #cbd5e1;border-radius:8px;padding:0 12px"></label>' +
          '</div></div>';
        setTimeout(function () {
          (handlers.ready || []).forEach(function (cb) { cb({ elementType: 'payment' }); });
        }, 0);
      },
      on: function (event, cb) { (handlers[event] = handlers[event] || []).push(cb); },
      off: function (event, cb) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== cb; }); },
      update: function () {},
      unmount: function () { if (root) root.innerHTML = ''; },
      destroy: function () { if (root) root.innerHTML = ''; root = null; },
    };
  }

  function cardNumber() {
    var input = document.querySelector('[data-stripe-stand-in] input[name="cardnumber"]');
    return input ? input.value.replace(/\s+/g, '') : '';
  }

  function confirm(kind) {
    return function (params) {
      var returnUrl = params && params.confirmParams && params.confirmParams.return_url;
      record.confirms.push({ kind: kind, returnUrl: returnUrl, redirect: params && params.redirect });
      var number = cardNumber();
      return new Promise(function (resolve) {
        setTimeout(function () {
          if (number === '4000000000000002') {
            resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
            return;
          }
          var intentKey = kind === 'setup' ? 'setup_intent' : 'payment_intent';
          if (number === '4000002500003155' || !params || params.redirect !== 'if_required') {
            var url = new URL(returnUrl);
            url.searchParams.set(intentKey, intentKey === 'setup_intent' ? 'seti_standin' : 'pi_standin');
            url.searchParams.set('redirect_status', 'succeeded');
            window.location.assign(url.toString());
            return;
          }
          var intent = { id: kind === 'setup' ? 'seti_standin' : 'pi_standin', status: 'succeeded' };
          resolve(kind === 'setup' ? { setupIntent: intent } : { paymentIntent: intent });
        }, 150);
      });
    };
  }

  window.Stripe = function Stripe(publishableKey) {
    record.keys.push(publishableKey);
    return {
      elements: function (options) {
        record.elementsOptions.push(options);
        return {
          create: function (type) {
            if (type !== 'payment') throw new Error('stand-in supports the payment element only');
            return createPaymentElement();
          },
          getElement: function () { return null; },
          update: function () {},
          submit: function () { return Promise.resolve({}); },
        };
      },
      confirmSetup: confirm('setup'),
      confirmPayment: confirm('payment'),
      // Present so @stripe/react-stripe-js accepts this object as a Stripe instance.
      createToken: function () { return Promise.reject(new Error('not in stand-in')); },
      createPaymentMethod: function () { return Promise.reject(new Error('not in stand-in')); },
      confirmCardPayment: function () { return Promise.reject(new Error('not in stand-in')); },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  };
})();
