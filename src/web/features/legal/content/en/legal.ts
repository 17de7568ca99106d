/** The Terms, the Privacy Policy and the Specified Commercial Transactions notice in English: as ../ja/legal.ts, same ids. */
import { SELLER } from '@contract/seller';

import { FREE_IMAGES, mail } from '../facts';
import type { CommercialDocument, LegalContent, LegalDocument } from '../types';

const contactForm = { href: '/contact-us', text: 'contact form' };
const privacyLink = { href: '/privacy-policy', text: 'Privacy Policy' };
const termsLink = { href: '/terms-and-services', text: 'Terms and Services' };
const commercialLink = { href: '/commercial-transaction', text: 'Notice under the Specified Commercial Transactions Act' };

const hours =
  ' We answer on weekdays from 10:00 to 15:00 (Japan time, except weekends and public holidays), and a member of staff replies within 3 to 5 business days.';

const terms: LegalDocument = {
  lead: [
    'These Terms and Services ("Terms") set out the conditions for using Little Museum, an online art museum for families and children (the "Service"), provided by the Little Museum operations office ("we", "us"). Before using the Service, a parent or guardian should read these Terms.',
  ],
  articles: [
    {
      id: 'scope',
      title: 'Scope',
      body: [
        'These Terms apply to everything between us and the users in connection with the Service.',
        [
          'The fees we publish in the Service, our ',
          privacyLink,
          ', the ',
          commercialLink,
          ' and our other rules form part of these Terms.',
        ],
        'Users use the Service on the understanding that they agree to these Terms.',
      ],
    },
    {
      id: 'definitions',
      title: 'Definitions',
      body: [
        'In these Terms:',
        {
          list: [
            '"User" means anyone who uses the Service, including visitors who browse without registering.',
            '"Parent account" means the account a parent or guardian registers with an e-mail address for the family.',
            '"Child user" means a profile created under a parent account for each child.',
            '"Family" means the child users that belong to the same parent account.',
            '"Work" means a picture of a drawing, painting, craft or other creation registered in the Service, with its title, comments and other details.',
            '"Organization" means a company, classroom or other group that holds contests or classes in the Service.',
            '"Organization staff" means the people who run an organization.',
            '"Super admin" means the administrator of the whole Service, appointed by us.',
          ],
        },
      ],
    },
    {
      id: 'registration',
      title: 'Registration',
      body: [
        'Registration is complete when a parent or guardian has registered an e-mail address and a password and has opened the link in the confirmation e-mail we send.',
        'Children use the Service as child users created under the parent account. Child users are added and chosen from the parent account.',
        'We may refuse a registration if false information was given, if the applicant has broken these Terms before, or if we otherwise find it inappropriate.',
      ],
    },
    {
      id: 'minors',
      title: 'Use by minors',
      body: [
        'A person under 18 (a minor) needs the consent of a parent, guardian or other legal representative (a "guardian") to use the Service. Paid services must also be applied for with a guardian\'s consent.',
        'Guardians should check which works their child publishes, which family members the child shares with, and which organizations and contests the child joins, and change these settings where needed.',
      ],
    },
    {
      id: 'account',
      title: 'Keeping the account safe',
      body: [
        'Users are responsible for their e-mail address and password. Do not tell anyone your password, and do not lend or hand over your account.',
        'Anything done after logging in with the registered e-mail address and password is treated as done by the holder of that parent account.',
        'If your password may have leaked, or you notice someone else using your account, change the password at once and let us know.',
      ],
    },
    {
      id: 'fees',
      title: 'Fees',
      body: [
        `The basic features of the Service are free. The free plan keeps up to ${FREE_IMAGES} images in total for the whole parent account.`,
        {
          list: [
            'Paid membership (Premium): 110 yen a month, with no limit on the number of images.',
            'Organization membership: 1,980 yen a month.',
          ],
        },
        'These fees include consumption tax and all charges. Services with a fee of their own, such as paid classes, show it on their application screen.',
        'We may change our fees. If we do, we will announce it in the Service in advance.',
      ],
    },
    {
      id: 'payment',
      title: 'Payment',
      body: [
        'Fees are paid by credit card only.',
        'For a monthly plan, the first month is charged when you apply; the plan then renews automatically every month and is charged on renewal.',
        'If your card company does not allow the payment, you may not be able to use the paid service.',
      ],
    },
    {
      id: 'refunds',
      title: 'No refunds',
      body: [
        'Fees are not refunded once paid, for any reason. This includes cancelling in the middle of a month and periods in which the Service was not used.',
        'This does not apply where the law requires a refund.',
      ],
    },
    {
      id: 'cancellation',
      title: 'Cancelling a paid membership',
      body: [
        [
          'To cancel a paid membership, e-mail us (',
          mail,
          ') by the 10th of the month before the month in which you want to cancel. For example, to cancel in June, write to us by May 10.',
        ],
        'A request received after the 10th is treated as a cancellation for the month after.',
        'Your data is deleted when the membership is cancelled. Please download the works you want to keep from their pages before you cancel.',
      ],
    },
    {
      id: 'leaving',
      title: 'Leaving the Service',
      body: [
        'You can leave the Service at any time by deleting your parent account on the Account Information screen.',
        'Deleting it deletes the parent account, all its child users, their works and image files, their likes and the rest of its data, and this cannot be undone.',
        'Fees already paid are not refunded when you leave.',
      ],
    },
    {
      id: 'works',
      title: 'Works and rights',
      body: [
        'The copyright in a work stays with the person who made it, or whoever holds the right. It is never transferred to us.',
        'Users allow us to use their works free of charge as far as needed to provide the Service: to store them, to resize and convert the images, to show them, and to share or publish them as far as the user has chosen.',
        "Users are responsible for the works they upload and for what they contain. Register only works that do not infringe anyone's copyright, portrait rights, privacy or other rights.",
        'A work is private when it is registered. The user decides whether to publish it and which family members to share it with.',
      ],
    },
    {
      id: 'prohibited',
      title: 'Prohibited conduct',
      body: [
        'When using the Service, users must not:',
        {
          list: [
            'break the law or act against public order and morals;',
            "infringe copyright or other rights, for example by registering someone else's work as their own;",
            'put information that identifies a person, such as a home address, a phone number or a school name, in a public work or its comments;',
            'insult, harass or discriminate against other users;',
            'register obscene, violent or other content that is not suitable for children;',
            'pretend to be someone else, or register false information;',
            'access the Service without authorization, put an excessive load on its servers or otherwise disrupt it;',
            'sell, advertise or solicit without our permission;',
            'do anything else we find inappropriate.',
          ],
        },
      ],
    },
    {
      id: 'suspension',
      title: 'Suspension',
      body: [
        "If a user breaks these Terms, or we judge that a user may do so, we may, without notice, make works private or delete them, suspend the user's use of the Service, or delete the account.",
        'We are not liable for damage caused to a user by such measures, except in cases of our intent or gross negligence.',
      ],
    },
    {
      id: 'organizations',
      title: 'Organizations, contests and classes',
      body: [
        'Organizations can hold contests, online classes and archived classes in the Service.',
        'To belong to an organization, a child user enters the organization code the organization has given and must be approved by that organization.',
        "Contest entries are made from a child user. An entered work is shown to other users on the contest's page.",
        'What a class covers, its schedule, its fee and how to watch its videos are shown on the page of each class.',
      ],
    },
    {
      id: 'email',
      title: 'E-mail',
      body: [
        'We send e-mails to confirm registrations, to reset passwords, to answer inquiries and to tell you about the Service. We use an outside e-mail delivery provider to send them.',
        "Organization staff may, through the Service, send e-mails to their organization's members and to the other staff of their organization.",
        'The super admin appointed by us may, through the Service, send e-mails to all users.',
      ],
    },
    {
      id: 'changes-to-service',
      title: 'Changes to the Service and interruptions',
      body: [
        'We may change the Service or stop providing it. Important changes, and an end of the Service, are announced in the Service in advance.',
        'We may stop all or part of the Service for a while without notice for maintenance, natural disasters, power cuts, network failures or other unavoidable reasons.',
      ],
    },
    {
      id: 'liability',
      title: 'Disclaimer and limit of liability',
      body: [
        'We do not guarantee that the Service is always available, free of errors or suitable for a particular purpose.',
        'Where we are liable to a user for damages, the amount is limited to the fees we received from that user for the most recent one month, except in cases of our intent or gross negligence.',
        'Disputes between users, or between a user and a third party, are to be settled between the parties.',
      ],
    },
    {
      id: 'personal-information',
      title: 'Personal information',
      body: [['We handle the personal information and the works of users and their children as set out in our ', privacyLink, '.']],
    },
    {
      id: 'changes-to-terms',
      title: 'Changes to these Terms',
      body: [
        'We may change these Terms when we find it necessary, following the rules of the Civil Code of Japan on standard terms. We will announce the new text and the date it takes effect in the Service in advance.',
        'Using the Service on or after that date means agreeing to the changed Terms.',
      ],
    },
    {
      id: 'law',
      title: 'Governing law and courts',
      body: [
        'These Terms are governed by and interpreted under the laws of Japan.',
        'Any dispute between us and a user about the Service is subject to the exclusive jurisdiction of the Tokyo District Court as the court of first instance.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      body: [['Questions about the Service are welcome through our ', contactForm, ' or by e-mail (', mail, ').', hours]],
    },
  ],
  closing: ['Supplementary provision: these Terms were revised on January 22, 2025 and apply from that day. The Japanese text prevails.'],
};

const privacy: LegalDocument = {
  lead: [
    'At Little Museum (the "Service"), the Little Museum operations office ("we", "us") looks after precious information and works of families and their children. This Privacy Policy explains, as plainly as we can, what information we handle, why, and how.',
  ],
  summary: {
    title: 'For parents: what matters most',
    points: [
      'Where a photo was taken (its GPS location) and other hidden details are removed on your phone before the photo is sent, and removed again on our server.',
      'Works stay private until you choose to publish them.',
      'For each child, you choose which family members can see their works.',
      "Contest entries and published works never show the family's e-mail address or your child's real name.",
      'Deleting a work, a child user or the account also deletes its image files.',
    ],
  },
  articles: [
    {
      id: 'scope',
      title: 'About this policy',
      body: [
        'This policy covers how the Service handles personal information (as defined in the Act on the Protection of Personal Information of Japan) and the works of children.',
        ['For details about the business, see the ', commercialLink, '.'],
      ],
    },
    {
      id: 'information',
      title: 'The information we collect',
      body: [
        'We collect the following information, as far as the Service needs it:',
        {
          list: [
            'The parent account: e-mail address, name, area of residence (prefecture or country) and password. The password is stored in a form that cannot be turned back, so even we never know it.',
            "A child user: username, the child's name, date of birth, area of residence, profile picture (optional), the organizations joined and the sharing settings within the family.",
            'Works: the photos (images), title, comments, category, tags, whether the work is public, and likes.',
            'Inquiries: e-mail address, name, subject and message.',
            "Payments: what was applied for and the result of the payment. Card numbers are entered in the payment provider's form and are never stored on our servers.",
            'Technical information: login records, the language setting, and IP addresses (recorded only for a limited time to stop break-in attempts and mass sign-ups).',
          ],
        },
      ],
    },
    {
      id: 'purposes',
      title: 'What we use it for',
      body: [
        'We use this information to:',
        {
          list: [
            'provide the Service (storing, showing, sharing and publishing works; contests; classes; paid plans);',
            'send e-mails such as registration confirmations, password resets and notices;',
            'answer inquiries;',
            'charge fees and process payments;',
            'prevent misuse and keep the Service safe;',
            'deal with conduct that breaks our Terms;',
            'improve the Service (in a way that does not identify anyone).',
          ],
        },
      ],
    },
    {
      id: 'children-photos',
      title: "Your child's photos",
      body: [
        'A photo taken with a phone often carries hidden details: where it was taken (its GPS location), when, and with which camera.',
        {
          list: [
            "Before a work's photo is sent, Little Museum makes a new copy of the picture on your phone. That copy leaves the location and other details behind.",
            'When the picture reaches our server, the server makes its own copies again and removes anything that might remain. We keep and show only these copies (one to view and a smaller thumbnail), never the file that was sent.',
            'Profile pictures are remade the same way on the server before they are kept.',
          ],
        },
        {
          note: "What is visible in the picture itself (your child's face, a name tag, a letter showing your address) is not removed automatically. Please check the picture before you publish a work.",
        },
      ],
    },
    {
      id: 'who-sees-works',
      title: 'Who can see a work',
      body: [
        {
          list: [
            'A work is private when it is registered. A private work can be seen only by the child who registered it and by the family members that child has chosen to share with.',
            'For each child, you choose whom to share with among the child users of the same parent account. Family members it is shared with can view and edit the work, but only the child who registered it can delete it or change whether it is public.',
            'Only works set to "public" appear in the public gallery, where anyone can see them. A published work shows its pictures, title, comments, category, tags and number of likes, with the child\'s username, profile picture and age when the work was registered.',
            'A work can be made private again at any time. Its pictures then move to new addresses, and the addresses they had while the work was public stop working at once.',
          ],
        },
        "The pictures of private works are served at long addresses that cannot be guessed. Anyone who has such an address can open the picture, though, so please don't pass picture addresses on to others.",
        {
          note: "Pictures someone has already seen: a browser that has shown a public work's picture may keep its copy for up to one hour, and shows it from there without asking us. So after a work is made private or deleted, such a copy can stay on that person's device for up to an hour, although the picture's address no longer works. Someone who uses the Little Museum app also keeps the galleries they looked at, with their pictures, on their phone for offline viewing, as described under \"What is kept on your phone\"; that copy goes when it expires. A picture that someone saved or took a screenshot of stays with them, and we cannot remove it.",
        },
      ],
    },
    {
      id: 'family-circle',
      title: 'The family circle (grandparents and relatives)',
      body: [
        {
          list: [
            'A parent can invite grandparents and relatives with a link that works once, for 7 days. They join with an account of their own and follow only the children the parent chose.',
            "They see only the works those children share with the family circle (and published works), with the child's username, profile picture and age when the work was made. They never see the child's real name, date of birth or address, the family's e-mail address, or the e-mail addresses of other relatives.",
            "They can put a sticker on a work and write a short comment. A comment reaches the child and the other relatives only after a parent has approved it, unless the parent has let that relative's comments through. There are no direct messages between a relative and a child.",
            'The child sees which relatives have seen a work. Parents see who is in the circle and when each last visited.',
            "A parent removes a relative on the account page, in the family circle section. From their very next request they see nothing of the family, and their stickers and comments are deleted. The family's archive keeps approved comments and stickers with the relative's role only.",
            'Notifications are sent only to a device where someone turned them on after reading what they are for: a relative hears of a new shared work (at most once a day), a parent of a comment waiting for approval, a child of an approved comment. A notification never contains the words of a comment. A relative whose devices have no notifications gets one e-mail a week about new shared works instead, which one click in that e-mail stops.',
          ],
        },
      ],
    },
    {
      id: 'contests',
      title: 'When your child enters a contest',
      body: [
        "A work entered in a contest is shown to other users on the contest's page. What is shown is the work's picture and title, and your child's username and profile picture.",
        "The family's e-mail address and the child's real name, date of birth and address are never shown.",
      ],
    },
    {
      id: 'deleting',
      title: 'How to delete everything',
      body: [
        'A parent can delete works and information at any time. What is deleted cannot be brought back.',
        {
          list: [
            'Delete a work: deleting it from its page also deletes its picture and thumbnail files, and their addresses stop working at once.',
            "Delete a child user: all of that child's works and image files, the profile picture and the likes are deleted. A child cannot do this alone: on the child's device the parent types the parent account's password, or approves the request from the parent's own account (Payment information, \"Waiting for you\").",
            'Delete the account: deleting the parent account on the Account Information screen deletes all its child users, works and image files.',
          ],
        },
        'Files are erased from storage right after the data is deleted. If storage cannot erase a file at that moment, we keep trying automatically until it confirms.',
      ],
    },
    {
      id: 'on-device',
      title: 'What is kept on your phone',
      body: [
        {
          list: [
            "Your login and your language setting are kept on your phone (in the browser's local storage and cookies).",
            'So that galleries can be viewed without a connection, the galleries you looked at recently are kept on the phone for up to 7 days, and their pictures for up to 30 days.',
            "A work's photos wait on the phone until they have been sent.",
          ],
        },
        'All of this is removed from the phone when you log out so that nobody in the family is logged in, or when you delete the account.',
        'We do not use third-party cookies for advertising or analytics.',
      ],
    },
    {
      id: 'minors',
      title: "Minors' information",
      body: [
        "A person under 18 (a minor) needs a guardian's consent to use the Service. We collect a minor's information with a guardian's consent.",
        "Children's information is registered under the parent account, and the parent can see, correct and delete it at any time.",
        "What needs a parent: a child may choose a paid class, but only a parent completes its payment, and a child's user is deleted only with a parent. On the child's device the parent types the parent account's password (we check it on our server and never hand the parent's login to the child's device), or approves or declines the request from the parent's own account. Free classes need no parent's word.",
      ],
    },
    {
      id: 'third-parties',
      title: 'Sharing with third parties',
      body: [
        "We do not give personal information to third parties without the consent of the person concerned (for a child's information, the parent), except:",
        {
          list: [
            'where the law requires it;',
            "where it is needed to protect someone's life, body or property and consent is hard to obtain;",
            'where it is especially needed for public health or for the healthy upbringing of children and consent is hard to obtain;',
            'where we need to cooperate with a national or local government body carrying out duties set by law.',
          ],
        },
        'Works a user chooses to publish, and contest entries, are shown to other users as described in this policy.',
      ],
    },
    {
      id: 'service-providers',
      title: 'Service providers',
      body: [
        'We may entrust the following work to outside companies, with the information it needs, as far as our purposes require. We supervise them appropriately.',
        {
          list: ['Sending e-mail (an e-mail delivery provider)', 'Card payments (a payment provider)', 'Running servers and storing data'],
        },
      ],
    },
    {
      id: 'organizations',
      title: 'Organizations and e-mail',
      body: [
        'To join an organization, a child needs the organization code it hands out. A child user becomes a member once the organization approves it.',
        'Organization staff can e-mail the members and the other staff of their organization through the Service. The super admin appointed by us can e-mail all users.',
      ],
    },
    {
      id: 'security',
      title: 'Keeping information safe',
      body: [
        {
          list: [
            'Passwords are stored in a form that cannot be turned back.',
            "Other families' private works and information cannot be seen.",
            'Login attempts are limited to stop break-ins.',
          ],
        },
        'Beyond this, we take the necessary and appropriate measures to prevent unauthorized access to, loss of and leaks of personal information.',
      ],
    },
    {
      id: 'requests',
      title: 'Requests to see, correct or delete',
      body: [
        'You can see, correct and delete most of what you registered yourself, on the Account Information and profile screens.',
        "For other requests to disclose, correct, stop using or delete information, please contact us. We will confirm that the request comes from the person concerned (for a child's information, the parent) and act as the law requires.",
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: [
        'Personal information is kept while the account exists and deleted when the account is deleted. The deletion of data when a paid membership is cancelled follows our Terms.',
        'Inquiries are kept as long as needed to deal with them. Records such as login attempts are deleted automatically once they are no longer needed to prevent misuse.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: ['We may change this policy when the law or the Service changes. Important changes are announced in the Service.'],
    },
    {
      id: 'contact',
      title: 'Contact',
      body: [['Questions about personal information are welcome through our ', contactForm, ' or by e-mail (', mail, ').', hours]],
    },
  ],
};

const commercial: CommercialDocument = {
  lead: [['This notice is given under the Specified Commercial Transactions Act of Japan. Please also read our ', termsLink, '.']],
  rows: [
    { id: 'seller', label: 'Seller', body: [SELLER.name.en] },
    { id: 'representative', label: 'Person in charge', body: [SELLER.onRequest.en] },
    { id: 'address', label: 'Address', body: [SELLER.onRequest.en] },
    {
      id: 'phone',
      label: 'Phone number',
      body: [SELLER.onRequest.en, 'We take inquiries by e-mail or through the contact form.'],
    },
    { id: 'email', label: 'E-mail', body: [[mail]] },
    {
      id: 'hours',
      label: 'Contact hours',
      body: [
        [
          'Weekdays 10:00 to 15:00 (except weekends and public holidays). Replies to the ',
          contactForm,
          ' are sent within 3 to 5 business days.',
        ],
      ],
    },
    {
      id: 'prices',
      label: 'Prices',
      body: [
        {
          list: [
            'Paid membership (Premium): 110 yen a month',
            'Organization membership: 1,980 yen a month',
            "Paid classes: the price shown on each class's page",
          ],
        },
        'All prices include consumption tax and charges.',
      ],
    },
    {
      id: 'additional-fees',
      label: 'Other charges',
      body: ['None. The internet connection and data charges needed to view and use the Service are paid by the customer.'],
    },
    {
      id: 'how-to-apply',
      label: 'How to apply',
      body: ['Choose a plan or a class in the Service and enter your credit card details to apply.'],
    },
    { id: 'payment-method', label: 'Payment method', body: ['Credit card'] },
    {
      id: 'payment-timing',
      label: 'When payment is made',
      body: ['When you apply. A monthly plan then renews automatically every month and is charged on renewal.'],
    },
    {
      id: 'delivery',
      label: 'When the service starts',
      body: [
        'Immediately after the payment is complete.',
        'For a paid class, we e-mail you the address of its video once we have confirmed the payment.',
      ],
    },
    {
      id: 'returns',
      label: 'Returns and cancellation',
      body: ['Because of the nature of the service, payments cannot be refunded or cancelled once made.'],
    },
    {
      id: 'cancellation',
      label: 'Cancelling a membership',
      body: [
        [
          'E-mail us (',
          mail,
          ') by the 10th of the month before the month in which you want to cancel (for example, by May 10 to cancel in June). Your data is deleted on cancellation.',
        ],
      ],
    },
    {
      id: 'free-plan',
      label: 'What is free',
      body: [
        `Registration and the basic features are free. The free plan keeps up to ${FREE_IMAGES} images for the whole parent account; paid membership (Premium) removes the limit.`,
      ],
    },
    {
      id: 'environment',
      label: 'Operating environment',
      body: [
        'Phones: Safari on iOS, Chrome on Android (latest versions). Computers: the latest Chrome, Edge, Safari or Firefox.',
        'JavaScript must be enabled. Added to the home screen, the Service works as an app.',
      ],
    },
  ],
};

export const content: LegalContent = { terms, privacy, commercial };
