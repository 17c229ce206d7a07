// A local stand-in for Stripe.js (https://js.stripe.com/...), served by the e2e tests through page.route:
// this machine cannot reach Stripe. It implements only what the subscribe page uses, with Stripe's shapes,
// so the page's own code runs unchanged:
//   Stripe(key) -> { elements({clientSecret}) -> { create('payment') -> { mount, on, off, update, destroy } },
//                    confirmSetup, confirmPayment }
// The Payment Element renders a small card form. Confirming posts to https://api.stripe.com (routed by the test
// to the local Stripe API stand-in); card numbers behave like Stripe's test cards:
//   4000000000000002 -> { error: { message: 'Your card was declined.' } } (the API stand-in declines it)
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
          (handlers.ready || []).forEach(function (cb) {
            cb({ elementType: 'payment' });
          });
        }, 0);
      },
      on: function (event, cb) {
        (handlers[event] = handlers[event] || []).push(cb);
      },
      off: function (event, cb) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== cb;
        });
      },
      update: function () {},
      unmount: function () {
        if (root) root.innerHTML = '';
      },
      destroy: function () {
        if (root) root.innerHTML = '';
        root = null;
      },
    };
  }

  function cardNumber() {
    var input = document.querySelector('[data-stripe-stand-in] input[name="cardnumber"]');
    return input ? input.value.replace(/\s+/g, '') : '';
  }

  // Like Stripe.js, confirming posts the card to api.stripe.com with the publishable key; the e2e test routes
  // that host to the local Stripe API stand-in, which marks the intent succeeded (or declines test card
  // 4000000000000002) so the server later reads the same state from "Stripe".
  function confirm(kind, publishableKey, state) {
    return function (params) {
      var returnUrl = params && params.confirmParams && params.confirmParams.return_url;
      record.confirms.push({ kind: kind, returnUrl: returnUrl, redirect: params && params.redirect });
      var number = cardNumber();
      var secret = state.clientSecret || '';
      var intentId = secret.split('_secret_')[0];
      var resource = kind === 'setup' ? 'setup_intents' : 'payment_intents';
      var body =
        'client_secret=' +
        encodeURIComponent(secret) +
        '&payment_method_data%5Btype%5D=card&payment_method_data%5Bcard%5D%5Bnumber%5D=' +
        encodeURIComponent(number);
      return fetch('https://api.stripe.com/v1/' + resource + '/' + intentId + '/confirm', {
        method: 'POST',
        headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body,
      })
        .then(function (res) {
          return res.json().then(function (json) {
            return { ok: res.ok, json: json };
          });
        })
        .then(function (answer) {
          if (!answer.ok) return { error: answer.json.error };
          var intentKey = kind === 'setup' ? 'setup_intent' : 'payment_intent';
          if (number === '4000002500003155' || !params || params.redirect !== 'if_required') {
            var url = new URL(returnUrl);
            url.searchParams.set(intentKey, intentId);
            url.searchParams.set('redirect_status', 'succeeded');
            window.location.assign(url.toString());
            return new Promise(function () {});
          }
          var intent = { id: intentId, status: answer.json.status };
          return kind === 'setup' ? { setupIntent: intent } : { paymentIntent: intent };
        });
    };
  }

  window.Stripe = function Stripe(publishableKey) {
    record.keys.push(publishableKey);
    var state = { clientSecret: null };
    return {
      elements: function (options) {
        record.elementsOptions.push(options);
        state.clientSecret = options && options.clientSecret;
        return {
          create: function (type) {
            if (type !== 'payment') throw new Error('stand-in supports the payment element only');
            return createPaymentElement();
          },
          getElement: function () {
            return null;
          },
          update: function () {},
          submit: function () {
            return Promise.resolve({});
          },
        };
      },
      confirmSetup: confirm('setup', publishableKey, state),
      confirmPayment: confirm('payment', publishableKey, state),
      // Present so @stripe/react-stripe-js accepts this object as a Stripe instance.
      createToken: function () {
        return Promise.reject(new Error('not in stand-in'));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('not in stand-in'));
      },
      confirmCardPayment: function () {
        return Promise.reject(new Error('not in stand-in'));
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  };
})();
